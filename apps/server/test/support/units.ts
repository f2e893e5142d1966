import { unitsOfWireNumber } from '@kabuto/contract';
import { parseUnits } from '@kabuto/domain';

/** Minor units of an amount a test writes (a decimal string) or reads off the wire (a JSON number). */
export const u = (v: string | number): bigint =>
  (typeof v === 'number' ? unitsOfWireNumber(v) : parseUnits(v)) as bigint;

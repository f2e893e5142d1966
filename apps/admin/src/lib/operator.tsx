import type { OperatorRole } from '@kabuto/contract';
import { createContext, useContext } from 'react';

/** The logged-in operator, provided by the app shell once `/auth/me` has answered. */
export interface Operator {
  username: string;
  role: OperatorRole;
}

export const OperatorContext = createContext<Operator | null>(null);

export const useOperator = (): Operator | null => useContext(OperatorContext);

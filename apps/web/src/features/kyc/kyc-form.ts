import { halfWidth, type Problem, required } from '../../lib/form-checks.ts';

const ID_NUMBER = /^[A-Za-z0-9-]{4,30}$/;

export interface KycForm {
  realname: string;
  idCard: string;
  front: string | null;
  back: string | null;
  privacy: boolean;
}

/** The privacy notice ticked; name, ID number and both images required. */
export function checkKyc(f: KycForm): Problem | null {
  return (
    required(f.realname, 'realname') ??
    required(f.idCard, 'id_card') ??
    halfWidth(f.idCard, 'id_card') ??
    (ID_NUMBER.test(f.idCard.trim()) ? null : { msg: 'kyc.idFormat' }) ??
    required(f.front, 'frontcard') ??
    required(f.back, 'backcard') ??
    (f.privacy ? null : { msg: 'kyc.privacyRequired' })
  );
}

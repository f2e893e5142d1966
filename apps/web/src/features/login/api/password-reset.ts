import { call } from '../../../lib/api.ts';
import { early } from '../../../lib/early-endpoints.ts';

/** `/user/forgotPassword {email}`: the same answer whether or not the address has an account. */
export function askForReset(email: string) {
  return call(early.forgotPassword, { email });
}

/** `/user/resetPassword {token, new_pass, new_passs}`: the link's token and the new password twice. */
export function resetPassword(token: string, password: string, repeat: string) {
  return call(early.resetPassword, { token, new_pass: password, new_passs: repeat });
}

/** `/user/verifyEmail {token}`: the verification link opened. */
export function verifyAddress(token: string) {
  return call(early.verifyAddress, { token }, { silent: true });
}

import { call } from '../../../lib/api.ts';
import { endpoints } from '../../../lib/endpoints.ts';

/** `/user/forgotPassword {email}`: the same answer whether or not the address has an account. */
export function askForReset(email: string) {
  return call(endpoints.email.forgotPassword, { email });
}

/** `/user/resetPassword {token, new_pass, new_passs}`: the link's token and the new password twice. */
export function resetPassword(token: string, password: string, repeat: string) {
  return call(endpoints.email.resetPassword, { token, new_pass: password, new_passs: repeat });
}

/** `/user/verifyEmail {token}`: the verification link opened. */
export function verifyAddress(token: string) {
  return call(endpoints.email.verifyAddress, { token }, { silent: true });
}

/**
 * Step-up confirmation: once a user has a passkey or an authenticator app, the server answers
 * withdrawals, bank-card and fund-password changes with `security.stepUpRequired` until the call carries
 * a fresh proof. The API client then asks the registered prompt (the shell's step-up dialog) for one and
 * sends the call again with it; without a prompt, or when the user cancels, the refusal stands.
 */
export const STEP_UP_REQUIRED = 'security.stepUpRequired';

type Prompt = () => Promise<string | null>;
let prompt: Prompt | null = null;

/** The shell registers its dialog; returns the unregister function. */
export function setStepUpPrompt(p: Prompt): () => void {
  prompt = p;
  return () => {
    if (prompt === p) prompt = null;
  };
}

/** A step-up proof from the user, or null when there is no prompt or they cancelled. */
export async function promptStepUp(): Promise<string | null> {
  if (!prompt) return null;
  try {
    return await prompt();
  } catch {
    return null;
  }
}

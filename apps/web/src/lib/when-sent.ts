/**
 * Run `then` with a mutation's reply once it has succeeded (`mutateAsync`'s promise), whether or not the
 * form that sent it is still on screen. A per-call `onSuccess` of `mutate` is dropped once its component
 * has gone, and a success that refreshes what the screen shows (an application now under review, identity
 * documents now in review) replaces the form — the "sent" toast would then be lost. A refusal has already
 * been shown by the call itself: nothing more to do.
 */
export function whenSent<T>(sent: Promise<T>, then: (reply: T) => void): void {
  sent.then(then, () => {});
}

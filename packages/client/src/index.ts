export { ApiError, type ApiErrorKind, errorKey, isApiError, readReply } from './envelope.ts';
export { type ApiClient, type ClientOptions, createClient, type PostOptions } from './transport.ts';
export type { BodyIn, DataOut, Reply } from './types.ts';

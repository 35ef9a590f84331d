/** The reference's error rows, in one place: every route answers them through ApiError. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    override readonly cause: unknown[] = [],
  ) {
    super(message);
  }

  toBody(): { message: string; error: string; status: number; cause: unknown[] } {
    return { message: this.message, error: this.error, status: this.status, cause: this.cause };
  }
}

export const badRequest = (message: string, cause: unknown[] = []) =>
  new ApiError(400, 'bad_request', message, cause);
export const forbidden = (message = 'Access Denied', cause: unknown[] = []) =>
  new ApiError(403, 'forbidden', message, cause);
export const notFound = (message: string, cause: unknown[] = []) =>
  new ApiError(404, 'not_found', message, cause);
export const conflict = (message: string, cause: unknown[] = []) =>
  new ApiError(409, 'conflict', message, cause);

/** Errors shared by every protected operation (Authentication section of the reference). */
export const authErrors = {
  /** Authentication 3: a call without a token. */
  tokenNotSent: () => new ApiError(403, 'access_token_not_granted', 'The access token was not sent'),
  /** Authentication 5: the API is not available on the user's site. */
  siteNotAvailable: () => new ApiError(403, 'forbidden', "The API is not available on the user's site"),
  /** Observed behaviour: unknown or expired token. */
  invalidToken: () => new ApiError(401, 'not_found', 'invalid_token'),
  /** Observed behaviour: a token that is not shaped like one. */
  malformedToken: (token: string) => new ApiError(400, 'bad_request', `Malformed access_token: ${token}`),
};

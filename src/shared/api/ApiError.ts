/** The one error type every backend call rejects with; its message is what the user sees. */
export class ApiError extends Error {
  /** HTTP status, when the server answered at all. */
  readonly status?: number;
  /**
   * 'server': the body carried errorMessage; 'network': no answer; 'timeout': no answer in
   * time; 'http': a failed status or unreadable body.
   */
  readonly kind: 'server' | 'network' | 'timeout' | 'http';

  constructor(message: string, kind: ApiError['kind'], status?: number) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
  }
}

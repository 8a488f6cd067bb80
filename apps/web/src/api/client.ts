import { API_BASE, type FieldError, LOCALE_HEADER } from '@atiende/contracts';
import i18n from '../core/i18n';
import { getToken } from '../core/session';

/**
 * Result of an API call. Errors are values: the helper never throws.
 * `code` is null for network failures (no answer from the server).
 */
export interface ApiResult<T> {
  statusResult: boolean;
  status: 'OK' | 'ERROR';
  code: string | null;
  message: string;
  result: T | undefined;
  /** HTTP status, 0 when the request did not reach the server. */
  httpStatus: number;
}

export interface UnauthorizedEvent {
  code: string | null;
  message: string;
}

type UnauthorizedHandler = (event: UnauthorizedEvent) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The app shell decides what a revoked session means (clear the session, go to /login?next=...). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Skip the revoked-session handling (login, lock screen and logout answer 401 without meaning "session revoked"). */
  ignoreUnauthorized?: boolean;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const clean = path.replace(/^\/+/, '');
  const url = `${API_BASE}/${clean}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isEnvelope(value: unknown): value is Omit<ApiResult<unknown>, 'httpStatus'> {
  return typeof value === 'object' && value !== null && 'statusResult' in value;
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const token = getToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [LOCALE_HEADER]: i18n.language || 'es',
  };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: options.signal,
    });
  } catch {
    // The browser's own words ("Failed to fetch", "NetworkError when…") are not for the user: one translated line.
    return {
      statusResult: false,
      status: 'ERROR',
      code: null,
      message: i18n.t('errors.network'),
      result: undefined,
      httpStatus: 0,
    };
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }

  const result: ApiResult<T> = isEnvelope(payload)
    ? {
        statusResult: payload.statusResult === true,
        status: payload.status === 'OK' ? 'OK' : 'ERROR',
        code: payload.code ?? null,
        message: payload.message ?? '',
        result: payload.result as T | undefined,
        httpStatus: response.status,
      }
    : {
        statusResult: false,
        status: 'ERROR',
        code: null,
        message: response.status >= 500 ? i18n.t('errors.server') : i18n.t('errors.unexpected'),
        result: undefined,
        httpStatus: response.status,
      };

  if (response.status === 401 && token && !options.ignoreUnauthorized && unauthorizedHandler) {
    unauthorizedHandler({ code: result.code, message: result.message });
  }
  return result;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
  /** Multipart upload of one file under the field name `file`. */
  upload: <T>(path: string, file: File | Blob, options?: RequestOptions) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<T>('POST', path, form, options);
  },
};

/** A failed API answer as an exception (for TanStack Query): keeps the envelope and the field messages. */
export class ApiError extends Error {
  readonly answer: ApiResult<unknown>;
  constructor(answer: ApiResult<unknown>) {
    super(answer.message || i18n.t('errors.unexpected'));
    this.name = 'ApiError';
    this.answer = answer;
  }
  get code(): string | null {
    return this.answer.code;
  }
  get httpStatus(): number {
    return this.answer.httpStatus;
  }
  get fields(): Record<string, string> {
    return fieldErrors(this.answer);
  }
}

/** Resolves with `result` of a successful answer, rejects with an ApiError otherwise. */
export async function unwrap<T>(request: Promise<ApiResult<T>>): Promise<T> {
  const answer = await request;
  if (!isOk(answer)) throw new ApiError(answer);
  return answer.result;
}

/** True when the call succeeded (HTTP 2xx and statusResult). */
export function isOk<T>(answer: ApiResult<T>): answer is ApiResult<T> & { result: T } {
  return answer.statusResult && answer.status === 'OK' && answer.httpStatus >= 200 && answer.httpStatus < 300;
}

/** Validation answers (422) carry `result.fields`: turns them into a field → message map. */
export function fieldErrors(answer: ApiResult<unknown>): Record<string, string> {
  const fields = (answer.result as { fields?: FieldError[] } | undefined)?.fields;
  const map: Record<string, string> = {};
  if (Array.isArray(fields)) {
    for (const item of fields) {
      if (item && typeof item.field === 'string' && !(item.field in map)) map[item.field] = item.message;
    }
  }
  return map;
}

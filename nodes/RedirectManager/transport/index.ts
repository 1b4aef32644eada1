import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { apiError, asNodeError } from './errors';
import { pacerFor } from './pacer';

export const CREDENTIAL_TYPE = 'redirectManagerApi';

export type RequestContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below /v1, e.g. `/redirects/promo.example.com`. */
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	itemIndex?: number;
	/**
	 * For creations: after a lost answer, reads back what the attempt may have created.
	 * Returns the created record, or undefined when the service did not create it.
	 */
	reconcile?: () => Promise<IDataObject | undefined>;
}

export interface DownloadedFile {
	data: Buffer;
	mimeType: string;
}

const MAX_RETRIES = 4;
const BACKOFF_BASE_MS = 250;

interface TransportSettings {
	baseUrl: string;
	pacerId: string;
	rateLimit: number;
	windowMs: number;
	timeoutMs: number;
	maxRateLimitWaitMs: number;
}

export function serviceBaseUrl(raw: unknown): string {
	return String(raw ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/v1$/, '');
}

// One execution context serves every item of a run: read (and decrypt) the credential once per run.
const settingsByContext = new WeakMap<RequestContext, Promise<TransportSettings>>();

async function transportSettings(context: RequestContext): Promise<TransportSettings> {
	let settings = settingsByContext.get(context);
	if (!settings) {
		settings = readTransportSettings(context);
		settingsByContext.set(context, settings);
		settings.catch(() => settingsByContext.delete(context));
	}
	return await settings;
}

async function readTransportSettings(context: RequestContext): Promise<TransportSettings> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = serviceBaseUrl(credentials.baseUrl);
	const number = (value: unknown, fallback: number) =>
		value === undefined || value === null || value === '' || Number.isNaN(Number(value))
			? fallback
			: Number(value);
	return {
		baseUrl,
		// The rate limit is per key, so the pacer is too; only a digest of the key is kept in memory.
		pacerId: createHash('sha256')
			.update(baseUrl)
			.update('\n')
			.update(String(credentials.apiKey))
			.digest('hex'),
		rateLimit: number(credentials.rateLimit, 60),
		windowMs: number(credentials.rateWindowSeconds, 60) * 1000,
		timeoutMs: number(credentials.timeoutSeconds, 30) * 1000,
		maxRateLimitWaitMs: number(credentials.maxRateLimitWaitSeconds, 300) * 1000,
	};
}

/** Sends one request to the service and returns its JSON body (undefined for 204). */
export async function apiRequest(this: RequestContext, request: ApiRequest): Promise<IDataObject> {
	const response = await send.call(this, request, false);
	return response.body as IDataObject;
}

/** Downloads a binary answer (the QR image) through the same pacing and retries. */
export async function apiDownload(
	this: RequestContext,
	request: ApiRequest,
): Promise<DownloadedFile> {
	const response = await send.call(this, request, true);
	const contentType = String(response.headers['content-type'] ?? 'application/octet-stream');
	return { data: Buffer.from(response.body as Buffer), mimeType: contentType.split(';')[0].trim() };
}

interface LostAnswer {
	code: string;
	message: string;
	httpCode?: number;
	retryAfterMs?: number;
	/** The request never reached the service, so even a creation may be sent again. */
	notSent?: boolean;
}

async function send(
	this: RequestContext,
	request: ApiRequest,
	binary: boolean,
): Promise<IN8nHttpFullResponse> {
	const settings = await transportSettings(this);
	const pacer = pacerFor(settings.pacerId, settings.rateLimit, settings.windowMs);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${settings.baseUrl}/v1${request.path}`,
		qs: request.qs,
		body: request.body,
		json: !binary,
		encoding: binary ? 'arraybuffer' : undefined,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: settings.timeoutMs,
	};
	const fail = (failure: Omit<Parameters<typeof apiError>[1], 'itemIndex'>) =>
		apiError(this.getNode(), { ...failure, itemIndex: request.itemIndex });

	let rateLimitedMs = 0;
	let failedAttempts = 0;
	for (;;) {
		const release = await pacer.acquire();
		let response: IN8nHttpFullResponse | undefined;
		let lost: LostAnswer | undefined;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			if (error instanceof NodeOperationError) throw asNodeError(this.getNode(), error);
			lost = describeNetworkFailure(error, settings);
		} finally {
			release();
		}

		if (response) {
			const status = response.statusCode;
			if (status >= 200 && status < 300) return response;
			const body = errorBody(response.body, status);
			if (status === 429) {
				const waitMs = retryAfterMs(response.headers['retry-after']) ?? settings.windowMs;
				if (rateLimitedMs + waitMs > settings.maxRateLimitWaitMs) {
					throw fail({ httpCode: 429, ...body });
				}
				rateLimitedMs += waitMs;
				pacer.pauseFor(waitMs);
				continue;
			}
			if (status === 404 && request.method === 'DELETE' && failedAttempts > 0) {
				// An earlier attempt was lost after the service deleted it: the goal is reached.
				return { ...response, statusCode: 204, body: undefined };
			}
			if (status < 500) throw fail({ httpCode: status, ...body });
			lost = {
				...body,
				httpCode: status,
				retryAfterMs: retryAfterMs(response.headers['retry-after']),
			};
		}

		const failure = lost!;
		if (request.method === 'POST' && !failure.notSent) {
			const created = await reconcileLostCreation.call(this, request, failure, fail);
			if (created) return { body: created, headers: {}, statusCode: 201 };
		}
		failedAttempts++;
		if (failedAttempts > MAX_RETRIES) {
			throw fail({
				...failure,
				message: `${failure.message} (gave up after ${failedAttempts} attempts)`,
				description:
					'The service or the network kept failing. Nothing was left half-done: run the item again later.',
			});
		}
		await sleep(failure.retryAfterMs ?? backoffMs(failedAttempts));
	}
}

/** A creation whose answer was lost may or may not have happened: look before sending it again. */
async function reconcileLostCreation(
	this: RequestContext,
	request: ApiRequest,
	failure: LostAnswer,
	fail: (failure: Omit<Parameters<typeof apiError>[1], 'itemIndex'>) => Error,
): Promise<IDataObject | undefined> {
	const undecided = (reason: string) =>
		fail({
			...failure,
			code: 'outcome_unknown',
			message: `${failure.message}; it is unknown whether the service created it (${reason})`,
			description:
				'The answer to the creation was lost and reading back could not tell whether it happened. Check in the dashboard before running this item again, so nothing is created twice.',
		});
	if (!request.reconcile) throw undecided('this request cannot be checked');
	try {
		return await request.reconcile();
	} catch (error) {
		throw undecided(error instanceof Error ? error.message : 'reading back failed');
	}
}

function backoffMs(attempt: number): number {
	const exponential = BACKOFF_BASE_MS * 2 ** (attempt - 1);
	return exponential / 2 + Math.random() * exponential;
}

function retryAfterMs(header: unknown): number | undefined {
	if (header === undefined || header === null || header === '') return undefined;
	const seconds = Number(header);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(String(header));
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

// Every error answer should carry { error: { code, message } }; when one does not, name it by status.
const CODE_BY_STATUS: Record<number, string> = {
	400: 'validation_error',
	401: 'invalid_api_key',
	404: 'not_found',
	429: 'rate_limited',
};

function errorBody(body: unknown, status: number): { code: string; message: string } {
	let parsed = body;
	if (Buffer.isBuffer(parsed) || parsed instanceof ArrayBuffer) {
		parsed = Buffer.from(parsed as Buffer).toString('utf8');
	}
	if (typeof parsed === 'string') {
		try {
			parsed = JSON.parse(parsed);
		} catch {
			parsed = { error: { message: (parsed as string).slice(0, 200) || undefined } };
		}
	}
	const error = (parsed as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
	return {
		code:
			typeof error?.code === 'string' ? error.code : (CODE_BY_STATUS[status] ?? `http_${status}`),
		message:
			typeof error?.message === 'string'
				? error.message
				: `The service answered with HTTP ${status}`,
	};
}

// Raw codes such as ECONNRESET stay out of messages: NodeApiError would swap the whole message
// for a generic text when it sees one.
const NOT_SENT_CODES: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be resolved',
	EHOSTUNREACH: 'the host is unreachable',
};

function describeNetworkFailure(error: unknown, settings: TransportSettings): LostAnswer {
	const cause = (error as { cause?: { code?: string } }).cause;
	const code = String(cause?.code ?? (error as { code?: string }).code ?? '');
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') {
		return {
			code: 'timeout',
			message: `No answer from ${settings.baseUrl} within ${settings.timeoutMs / 1000} s`,
		};
	}
	if (NOT_SENT_CODES[code]) {
		return {
			code: 'network_error',
			message: `Cannot reach ${settings.baseUrl}: ${NOT_SENT_CODES[code]}`,
			notSent: true,
		};
	}
	return {
		code: 'network_error',
		message: `The connection to ${settings.baseUrl} broke before an answer arrived`,
	};
}

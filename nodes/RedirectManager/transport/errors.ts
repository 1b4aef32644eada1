import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** What a no-code user should do about each error code of the service. */
const HINTS: Record<string, string> = {
	validation_error:
		'A field is missing or invalid; the message names it. Fix the input and run again.',
	invalid_api_key:
		'The API key is missing, wrong or revoked. Create a new key in the dashboard and update the Redirect Manager API credential.',
	api_not_enabled:
		'The current plan does not include the API. Check the plan in the dashboard (Billing) and upgrade it.',
	account_inactive:
		'The account is inactive, for example because the subscription was cancelled. Check the subscription in the dashboard.',
	not_found:
		'It does not exist in the account of this API key. Check the host or id, and that the credential belongs to the right account.',
	plan_limit_reached:
		'The account already has as many redirects as its plan allows (see Account → Get, maxRedirects). Delete a redirect or upgrade the plan.',
	host_taken:
		'This domain is already registered with the service, possibly by another account. If it is your own redirect, use Create or Update; otherwise pick another host.',
	path_exists:
		'This path already exists on the redirect (paths match case-insensitively). Update the existing path instead.',
	rate_limited:
		'The service kept answering "too many requests" longer than the credential\'s Max Wait on Rate Limit. Lower the Rate Limit in the credential or run fewer items at once.',
};

export interface ApiFailure {
	httpCode?: number;
	code: string;
	message: string;
	itemIndex?: number;
	/** Overrides the hint for the code, when the situation says more than the code. */
	description?: string;
}

/** The one way this package reports a failed request. The API key is never part of it. */
export function apiError(node: INode, failure: ApiFailure): NodeApiError {
	const { httpCode, code, message, itemIndex } = failure;
	const errorResponse: JsonObject = { code, message };
	if (httpCode !== undefined) errorResponse.httpCode = String(httpCode);
	const error = new NodeApiError(node, errorResponse, {
		message: `${message} [${code}]`,
		description:
			failure.description ?? HINTS[code] ?? `The service answered with HTTP ${httpCode ?? '—'}.`,
		httpCode: httpCode === undefined ? undefined : String(httpCode),
		itemIndex,
	});
	error.context.code = code;
	return error;
}

/** Keeps errors this package already raised as they are; wraps anything else for n8n. */
export function asNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}

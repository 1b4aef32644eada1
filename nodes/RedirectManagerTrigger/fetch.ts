import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { isNotFound, redirectPath } from '../RedirectManager/helpers/api';
import { listFrom } from '../RedirectManager/helpers/lists';
import { apiRequest } from '../RedirectManager/transport';
import { apiError, asNodeError } from '../RedirectManager/transport/errors';

/**
 * The account's redirects in one request. Unlike listRedirects, an answer that holds no list at
 * all is an error: read as "no redirects" it would report every known redirect as deleted.
 */
export async function fetchRedirects(this: IPollFunctions): Promise<IDataObject[]> {
	const body: unknown = await apiRequest.call(this, { method: 'GET', path: '/redirects' });
	if (!holdsList(body)) {
		throw apiError(this.getNode(), {
			code: 'unexpected_response',
			message: 'The redirect list answer holds no list',
			description:
				'The service answered the redirect list with something that is not a list. Nothing was recorded; the next poll tries again.',
		});
	}
	return listFrom(body, 'redirects');
}

function holdsList(body: unknown, depth = 0): boolean {
	if (Array.isArray(body)) return true;
	if (!body || typeof body !== 'object' || depth > 1) return false;
	return Object.values(body).some((value) => holdsList(value, depth + 1));
}

/**
 * Asks the status endpoint about each redirect still not_configured: the service then checks DNS
 * and starts certificate issuance at once. One request per such redirect, paced by the transport.
 */
export async function checkDnsOfUnconfigured(
	this: IPollFunctions,
	redirects: IDataObject[],
	shouldCheck: (redirect: IDataObject) => boolean,
): Promise<IDataObject[]> {
	const checked: IDataObject[] = [];
	for (const redirect of redirects) {
		checked.push(
			redirect.status === 'not_configured' && shouldCheck(redirect)
				? await withStatusReport.call(this, redirect)
				: redirect,
		);
	}
	return checked;
}

async function withStatusReport(this: IPollFunctions, redirect: IDataObject): Promise<IDataObject> {
	let report: IDataObject;
	try {
		report = await apiRequest.call(this, {
			method: 'GET',
			path: `${redirectPath(String(redirect.host))}/status`,
		});
	} catch (error) {
		// Deleted since the list was read: the next poll reports the deletion.
		if (isNotFound(error)) return redirect;
		throw asNodeError(this.getNode(), error);
	}
	const certificate = report.certificate as IDataObject | undefined;
	return {
		...redirect,
		status: report.status ?? redirect.status,
		errorMessage: report.errorMessage !== undefined ? report.errorMessage : redirect.errorMessage,
		certificateExpiresAt: certificate?.expiresAt ?? redirect.certificateExpiresAt,
	};
}

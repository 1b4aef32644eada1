import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import type { RequestContext } from '../transport';
import { apiRequest } from '../transport';
import { apiError, asNodeError } from '../transport/errors';
import { listFrom, planLimitFrom } from './lists';

export const redirectPath = (host: string) => `/redirects/${encodeURIComponent(host)}`;

export async function listRedirects(
	this: RequestContext,
	itemIndex?: number,
): Promise<{ redirects: IDataObject[]; maxRedirects?: number }> {
	const body = await apiRequest.call(this, { method: 'GET', path: '/redirects', itemIndex });
	return { redirects: listFrom(body, 'redirects'), maxRedirects: planLimitFrom(body) };
}

export async function listPaths(this: RequestContext, host: string, itemIndex?: number) {
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: `${redirectPath(host)}/paths`,
		itemIndex,
	});
	return listFrom(body, 'paths');
}

export async function listQrCodes(this: RequestContext, host: string, itemIndex?: number) {
	const body = await apiRequest.call(this, {
		method: 'GET',
		path: `${redirectPath(host)}/qr-codes`,
		itemIndex,
	});
	return listFrom(body, 'qrCodes');
}

/** The API has no single GET for paths and QR codes: find the record in its redirect's list. */
export function pickById(
	this: RequestContext,
	records: IDataObject[],
	id: number,
	what: 'Path' | 'QR code',
	host: string,
	itemIndex: number,
): IDataObject {
	const record = records.find((candidate) => Number(candidate.id) === id);
	if (!record) {
		throw apiError(this.getNode(), {
			httpCode: 404,
			code: 'not_found',
			message: `${what} ${id} does not exist on ${host}`,
			itemIndex,
		});
	}
	return record;
}

export function isNotFound(error: unknown): boolean {
	return (error as { context?: IDataObject }).context?.code === 'not_found';
}

/** Reads a redirect, or undefined when the account has no redirect with that host. */
export async function findRedirect(
	this: RequestContext,
	host: string,
	itemIndex?: number,
): Promise<IDataObject | undefined> {
	try {
		return await apiRequest.call(this, { method: 'GET', path: redirectPath(host), itemIndex });
	} catch (error) {
		if (isNotFound(error)) return undefined;
		throw asNodeError(this.getNode(), error, itemIndex);
	}
}

/** The host chosen in the Redirect parameter, for the lists that depend on it. */
export function selectedHost(this: ILoadOptionsFunctions): string {
	const host = this.getCurrentNodeParameter('redirect', { extractValue: true });
	return String(host ?? '')
		.trim()
		.toLowerCase();
}

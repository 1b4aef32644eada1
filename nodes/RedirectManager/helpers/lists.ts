import type { IDataObject } from 'n8n-workflow';

/**
 * The spec does not show the shape of list answers: accept a bare array, or an object holding the
 * list under any key (the expected key first), one level deep.
 */
export function listFrom(body: unknown, expectedKey: string): IDataObject[] {
	if (Array.isArray(body)) return body as IDataObject[];
	if (!body || typeof body !== 'object') return [];
	const record = body as IDataObject;
	if (Array.isArray(record[expectedKey])) return record[expectedKey] as IDataObject[];
	for (const value of Object.values(record)) {
		if (Array.isArray(value)) return value as IDataObject[];
	}
	for (const value of Object.values(record)) {
		if (value && typeof value === 'object') {
			const nested = listFrom(value, expectedKey);
			if (nested.length > 0) return nested;
		}
	}
	return [];
}

/** maxRedirects as the redirect list reports it, when it does. */
export function planLimitFrom(body: unknown): number | undefined {
	if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const value = (body as IDataObject).maxRedirects;
	return typeof value === 'number' ? value : undefined;
}

import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { listPaths, listQrCodes, listRedirects, selectedHost } from '../helpers/api';

const matches = (filter: string | undefined, ...texts: unknown[]) =>
	!filter ||
	texts.some((text) =>
		String(text ?? '')
			.toLowerCase()
			.includes(filter.toLowerCase()),
	);

export async function searchRedirects(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { redirects } = await listRedirects.call(this);
	const results: INodeListSearchItems[] = redirects
		.filter((redirect) => matches(filter, redirect.host, redirect.redirectTo))
		.map((redirect) => ({
			name: `${String(redirect.host)} → ${String(redirect.redirectTo)} (${String(redirect.status)})`,
			value: String(redirect.host),
			url: `https://${String(redirect.host)}`,
		}));
	return { results };
}

export async function searchPaths(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const host = selectedHost.call(this);
	if (!host) return { results: [] };
	const paths = await listPaths.call(this, host);
	return {
		results: paths
			.filter((path) => matches(filter, path.fromPath, path.redirectTo, path.id))
			.map((path) => ({
				name: `${String(path.fromPath)} → ${String(path.redirectTo)}`,
				value: String(path.id),
			})),
	};
}

export async function searchQrCodes(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const host = selectedHost.call(this);
	if (!host) return { results: [] };
	const codes = await listQrCodes.call(this, host);
	return {
		results: codes
			.filter((code) => matches(filter, code.label, code.url, code.id))
			.map((code) => ({
				name: `${String(code.label)} (#${String(code.id)})`,
				value: String(code.id),
			})),
	};
}

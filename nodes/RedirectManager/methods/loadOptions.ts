import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listPaths, listRedirects, selectedHost } from '../helpers/api';

export async function getPathTargets(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const domain: INodePropertyOptions = {
		name: 'Domain Itself',
		value: 'domain',
		description: "The QR code opens the redirect's main destination",
	};
	const host = selectedHost.call(this);
	if (!host) return [domain];
	const paths = await listPaths.call(this, host);
	return [
		domain,
		...paths.map((path) => ({
			name: String(path.fromPath),
			value: String(path.id),
			description: `Opens ${String(path.redirectTo)}`,
		})),
	];
}

export async function getRedirectHosts(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const { redirects } = await listRedirects.call(this);
	return redirects
		.map((redirect) => ({ name: String(redirect.host), value: String(redirect.host) }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

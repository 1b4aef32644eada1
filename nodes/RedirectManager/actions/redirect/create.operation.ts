import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { findRedirect } from '../../helpers/api';
import { sameTarget } from '../../helpers/compare';
import { apiRequest } from '../../transport';
import { newRedirectFields, readNewRedirect } from './fields';

export const description = updateDisplayOptions(
	{ show: { resource: ['redirect'], operation: ['create'] } },
	newRedirectFields,
);

export async function createRedirect(
	this: IExecuteFunctions,
	i: number,
	host: string,
	body: IDataObject,
): Promise<IDataObject> {
	return await apiRequest.call(this, {
		method: 'POST',
		path: '/redirects',
		body: { host, ...body },
		itemIndex: i,
		reconcile: async () => {
			const existing = await findRedirect.call(this, host, i);
			return existing && sameTarget(existing.redirectTo, body.redirectTo) ? existing : undefined;
		},
	});
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const { host, body } = readNewRedirect.call(this, i);
	return [{ json: await createRedirect.call(this, i, host, body) }];
}

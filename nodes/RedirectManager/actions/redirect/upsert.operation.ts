import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { findRedirect, redirectPath } from '../../helpers/api';
import { apiRequest } from '../../transport';
import { createRedirect } from './create.operation';
import { newRedirectFields, readNewRedirect } from './fields';

export const description = updateDisplayOptions(
	{ show: { resource: ['redirect'], operation: ['upsert'] } },
	[
		{
			displayName:
				'The redirect is created when the host is new, and updated when it already exists',
			name: 'upsertNotice',
			type: 'notice',
			default: '',
		},
		...newRedirectFields,
	],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const { host, body } = readNewRedirect.call(this, i);
	const existing = await findRedirect.call(this, host, i);
	if (!existing) return [{ json: await createRedirect.call(this, i, host, body) }];
	const updated = await apiRequest.call(this, {
		method: 'PATCH',
		path: redirectPath(host),
		body,
		itemIndex: i,
	});
	return [{ json: updated }];
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listRedirects } from '../../helpers/api';
import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Include Usage',
		name: 'includeUsage',
		type: 'boolean',
		default: false,
		description:
			'Whether to also count the redirects in use and the ones left on the plan (one more request)',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const account = await apiRequest.call(this, { method: 'GET', path: '/me', itemIndex: i });
	if (!(this.getNodeParameter('includeUsage', i, false) as boolean)) return [{ json: account }];
	const { redirects, maxRedirects } = await listRedirects.call(this, i);
	const limit = maxRedirects ?? (account.maxRedirects as number | undefined);
	const usage: IDataObject = { redirectCount: redirects.length };
	if (typeof limit === 'number') usage.remainingRedirects = Math.max(0, limit - redirects.length);
	return [{ json: { ...account, ...usage } }];
}

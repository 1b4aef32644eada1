import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { redirectPath } from '../../helpers/api';
import { apiRequest } from '../../transport';
import { redirectHost, redirectLocator } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['redirect'], operation: ['delete'] } },
	[
		redirectLocator,
		{
			displayName: 'Deleting a redirect also deletes its custom paths, QR codes and statistics',
			name: 'cascadeNotice',
			type: 'notice',
			default: '',
		},
	],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	await apiRequest.call(this, { method: 'DELETE', path: redirectPath(host), itemIndex: i });
	return [{ json: { deleted: true, host } }];
}

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { redirectPath } from '../../helpers/api';
import { apiRequest } from '../../transport';
import { pathIdParameter, pathLocator, redirectHost, redirectLocator } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['path'], operation: ['delete'] } },
	[
		redirectLocator,
		pathLocator,
		{
			displayName: 'Deleting a path also deletes the QR codes that open it',
			name: 'cascadeNotice',
			type: 'notice',
			default: '',
		},
	],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const id = pathIdParameter.call(this, i);
	await apiRequest.call(this, {
		method: 'DELETE',
		path: `${redirectPath(host)}/paths/${id}`,
		itemIndex: i,
	});
	return [{ json: { deleted: true, host, id } }];
}

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { redirectPath } from '../../helpers/api';
import { apiRequest } from '../../transport';
import { redirectHost, redirectLocator } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['redirect'], operation: ['checkStatus'] } },
	[redirectLocator],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const report = await apiRequest.call(this, {
		method: 'GET',
		path: `${redirectPath(host)}/status`,
		itemIndex: i,
	});
	return [{ json: report }];
}

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { redirectPath } from '../../helpers/api';
import { apiRequest } from '../../transport';
import { qrCodeIdParameter, qrCodeLocator, redirectHost, redirectLocator } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['delete'] } },
	[redirectLocator, qrCodeLocator],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const id = qrCodeIdParameter.call(this, i);
	await apiRequest.call(this, {
		method: 'DELETE',
		path: `${redirectPath(host)}/qr-codes/${id}`,
		itemIndex: i,
	});
	return [{ json: { deleted: true, host, id } }];
}

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listQrCodes, pickById } from '../../helpers/api';
import { qrCodeIdParameter, qrCodeLocator, redirectHost, redirectLocator } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['get'] } },
	[redirectLocator, qrCodeLocator],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const id = qrCodeIdParameter.call(this, i);
	const codes = await listQrCodes.call(this, host, i);
	return [{ json: pickById.call(this, codes, id, 'QR code', host, i) }];
}

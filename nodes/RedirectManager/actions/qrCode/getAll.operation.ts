import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listQrCodes } from '../../helpers/api';
import { limitResults, redirectHost, redirectLocator, returnAllFields } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['getAll'] } },
	[redirectLocator, ...returnAllFields()],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const codes = await listQrCodes.call(this, redirectHost.call(this, i), i);
	return limitResults.call(this, i, codes).map((record) => ({ json: record }));
}

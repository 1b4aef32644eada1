import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listPaths } from '../../helpers/api';
import { limitResults, redirectHost, redirectLocator, returnAllFields } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['path'], operation: ['getAll'] } },
	[redirectLocator, ...returnAllFields()],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const paths = await listPaths.call(this, redirectHost.call(this, i), i);
	return limitResults.call(this, i, paths).map((record) => ({ json: record }));
}

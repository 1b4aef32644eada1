import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listPaths, pickById } from '../../helpers/api';
import { pathIdParameter, pathLocator, redirectHost, redirectLocator } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['path'], operation: ['get'] } },
	[redirectLocator, pathLocator],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const id = pathIdParameter.call(this, i);
	const paths = await listPaths.call(this, host, i);
	return [{ json: pickById.call(this, paths, id, 'Path', host, i) }];
}

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listRedirects } from '../../helpers/api';
import { limitResults, returnAllFields } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['redirect'], operation: ['getAll'] } },
	returnAllFields(),
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const { redirects } = await listRedirects.call(this, i);
	return limitResults.call(this, i, redirects).map((record) => ({ json: record }));
}

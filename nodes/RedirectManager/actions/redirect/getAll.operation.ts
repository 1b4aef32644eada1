import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listRedirects } from '../../helpers/api';
import { limitResults, returnAllFields } from '../common';

export const description = updateDisplayOptions(
	{ show: { resource: ['redirect'], operation: ['getAll'] } },
	[
		...returnAllFields(),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			description: "Applied by the node to the account's list (the API has no filters)",
			options: [
				{
					displayName: 'Host Contains',
					name: 'hostContains',
					type: 'string',
					default: '',
					placeholder: 'example.com',
				},
				{
					displayName: 'Status',
					name: 'status',
					type: 'multiOptions',
					options: [
						{ name: 'Active', value: 'active' },
						{ name: 'Disabled', value: 'disabled' },
						{ name: 'Error', value: 'error' },
						{ name: 'Not Configured', value: 'not_configured' },
						{ name: 'Pending', value: 'pending' },
					],
					default: [],
					description: 'Only redirects in one of these states',
				},
			],
		},
	],
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', i, {}) as {
		hostContains?: string;
		status?: string[];
	};
	const hostPart = (filters.hostContains ?? '').trim().toLowerCase();
	const { redirects } = await listRedirects.call(this, i);
	const matching = redirects.filter(
		(redirect: IDataObject) =>
			(!hostPart || String(redirect.host).toLowerCase().includes(hostPart)) &&
			(!filters.status?.length || filters.status.includes(String(redirect.status))),
	);
	return limitResults.call(this, i, matching).map((record) => ({ json: record }));
}

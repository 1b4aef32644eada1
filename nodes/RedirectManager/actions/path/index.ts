import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deletePath from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export { create, deletePath as delete, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['path'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Send one path of the domain to its own destination',
				action: 'Create a custom path',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a custom path and the QR codes that open it',
				action: 'Delete a custom path',
			},
			{ name: 'Get', value: 'get', description: 'Get a custom path', action: 'Get a custom path' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the custom paths of a redirect',
				action: 'Get many custom paths',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update a custom path',
				action: 'Update a custom path',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
	...deletePath.description,
];

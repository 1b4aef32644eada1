import type { INodeProperties } from 'n8n-workflow';

import * as checkStatus from './checkStatus.operation';
import * as create from './create.operation';
import * as deleteRedirect from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import * as upsert from './upsert.operation';
import * as waitUntilActive from './waitUntilActive.operation';

export {
	checkStatus,
	create,
	deleteRedirect as delete,
	get,
	getAll,
	update,
	upsert,
	waitUntilActive,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['redirect'] } },
		options: [
			{
				name: 'Check Status',
				value: 'checkStatus',
				description:
					'Check DNS and certificate now; starts certificate issuance when DNS points to the service',
				action: 'Check the status of a redirect',
			},
			{
				name: 'Create',
				value: 'create',
				description: 'Create a redirect for a domain',
				action: 'Create a redirect',
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
				action: 'Create or update a redirect',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a redirect with its paths, QR codes and statistics',
				action: 'Delete a redirect',
			},
			{ name: 'Get', value: 'get', description: 'Get a redirect', action: 'Get a redirect' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the redirects of the account',
				action: 'Get many redirects',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update a redirect',
				action: 'Update a redirect',
			},
			{
				name: 'Wait Until Active',
				value: 'waitUntilActive',
				description:
					'Check the status repeatedly until the redirect is active, fails, or time runs out',
				action: 'Wait until a redirect is active',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
	...deleteRedirect.description,
	...checkStatus.description,
	...upsert.description,
	...waitUntilActive.description,
];

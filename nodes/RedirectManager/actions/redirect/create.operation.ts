import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { findRedirect } from '../../helpers/api';
import { validHost } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { hostField, redirectSettings, redirectToField, settingFields } from './fields';

const properties: INodeProperties[] = [
	hostField,
	redirectToField,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: settingFields,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['redirect'], operation: ['create'] } },
	properties,
);

export async function createRedirect(
	this: IExecuteFunctions,
	i: number,
	host: string,
	body: IDataObject,
): Promise<IDataObject> {
	return await apiRequest.call(this, {
		method: 'POST',
		path: '/redirects',
		body: { host, ...body },
		itemIndex: i,
		reconcile: async () => {
			const existing = await findRedirect.call(this, host, i);
			return existing && existing.redirectTo === body.redirectTo ? existing : undefined;
		},
	});
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = validHost(this, i, 'Host', this.getNodeParameter('host', i));
	const fields = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const body = redirectSettings.call(
		this,
		i,
		{
			...fields,
			redirectTo: this.getNodeParameter('redirectTo', i),
		},
		host,
	);
	return [{ json: await createRedirect.call(this, i, host, body) }];
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { findRedirect, redirectPath } from '../../helpers/api';
import { validHost } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { createRedirect } from './create.operation';
import { hostField, redirectSettings, redirectToField, settingFields } from './fields';

const properties: INodeProperties[] = [
	{
		...hostField,
		description: `${hostField.description}. Created when missing, updated when it exists.`,
	},
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
	{ show: { resource: ['redirect'], operation: ['upsert'] } },
	properties,
);

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
	const existing = await findRedirect.call(this, host, i);
	if (!existing) return [{ json: await createRedirect.call(this, i, host, body) }];
	const updated = await apiRequest.call(this, {
		method: 'PATCH',
		path: redirectPath(host),
		body,
		itemIndex: i,
	});
	return [{ json: updated }];
}

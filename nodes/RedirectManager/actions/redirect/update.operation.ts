import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { redirectPath } from '../../helpers/api';
import { invalidInput } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { redirectHost, redirectLocator, optionalFields } from '../common';
import { redirectSettings, redirectToField, settingFields } from './fields';

const properties: INodeProperties[] = [
	redirectLocator,
	optionalFields('updateFields', [{ ...redirectToField, required: false }, ...settingFields]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['redirect'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
	const body = redirectSettings.call(this, i, fields, host);
	if (Object.keys(body).length === 0) {
		throw invalidInput(this, i, 'Update Fields', 'add at least one field to change');
	}
	const updated = await apiRequest.call(this, {
		method: 'PATCH',
		path: redirectPath(host),
		body,
		itemIndex: i,
	});
	return [{ json: updated }];
}

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
import {
	pathIdParameter,
	pathLocator,
	redirectHost,
	redirectLocator,
	optionalFields,
} from '../common';
import { fromPathField, pathRedirectToField, pathSettingFields, pathSettings } from './fields';

const properties: INodeProperties[] = [
	redirectLocator,
	pathLocator,
	optionalFields('updateFields', [
		{ ...fromPathField, required: false },
		{ ...pathRedirectToField, required: false },
		...pathSettingFields,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['path'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const id = pathIdParameter.call(this, i);
	const fields = this.getNodeParameter('updateFields', i, {}) as IDataObject;
	const body = pathSettings.call(this, i, fields);
	if (Object.keys(body).length === 0) {
		throw invalidInput(this, i, 'Update Fields', 'add at least one field to change');
	}
	const updated = await apiRequest.call(this, {
		method: 'PATCH',
		path: `${redirectPath(host)}/paths/${id}`,
		body,
		itemIndex: i,
	});
	return [{ json: updated }];
}

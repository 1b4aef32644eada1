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
	qrCodeIdParameter,
	qrCodeLocator,
	redirectHost,
	redirectLocator,
	targetField,
	optionalFields,
} from '../common';
import { labelField, qrSettingFields, qrSettings } from './fields';

const properties: INodeProperties[] = [
	redirectLocator,
	qrCodeLocator,
	optionalFields('updateFields', [
		{ ...labelField, required: false },
		targetField,
		...qrSettingFields,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const id = qrCodeIdParameter.call(this, i);
	const body = qrSettings.call(
		this,
		i,
		this.getNodeParameter('updateFields', i, {}) as IDataObject,
	);
	if (Object.keys(body).length === 0) {
		throw invalidInput(this, i, 'Update Fields', 'add at least one field to change');
	}
	const updated = await apiRequest.call(this, {
		method: 'PATCH',
		path: `${redirectPath(host)}/qr-codes/${id}`,
		body,
		itemIndex: i,
	});
	return [{ json: updated }];
}

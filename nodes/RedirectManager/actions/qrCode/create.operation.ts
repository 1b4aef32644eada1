import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listQrCodes, redirectPath } from '../../helpers/api';
import { sameId } from '../../helpers/compare';
import { apiRequest } from '../../transport';
import { redirectHost, redirectLocator, targetField, optionalFields } from '../common';
import { labelField, qrSettingFields, qrSettings } from './fields';

const properties: INodeProperties[] = [
	redirectLocator,
	labelField,
	targetField,
	optionalFields('additionalFields', qrSettingFields),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const body = qrSettings.call(this, i, {
		...(this.getNodeParameter('additionalFields', i, {}) as IDataObject),
		label: this.getNodeParameter('label', i),
		target: this.getNodeParameter('target', i, 'domain'),
	});
	const created = await apiRequest.call(this, {
		method: 'POST',
		path: `${redirectPath(host)}/qr-codes`,
		body,
		itemIndex: i,
		reconcile: async () => {
			const matches = (await listQrCodes.call(this, host, i)).filter(
				(code) =>
					code.label === body.label &&
					sameId(code.pathId, body.pathId) &&
					(body.color === undefined || String(code.color).toUpperCase() === body.color),
			);
			if (matches.length > 1) {
				throw new Error(`${matches.length} QR codes with this label already exist on ${host}`);
			}
			return matches[0];
		},
	});
	return [{ json: created }];
}

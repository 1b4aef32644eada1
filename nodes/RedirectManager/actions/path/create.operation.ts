import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listPaths, redirectPath } from '../../helpers/api';
import { sameTarget } from '../../helpers/compare';
import { apiRequest } from '../../transport';
import { redirectHost, redirectLocator, optionalFields } from '../common';
import { fromPathField, pathRedirectToField, pathSettingFields, pathSettings } from './fields';

const properties: INodeProperties[] = [
	redirectLocator,
	fromPathField,
	pathRedirectToField,
	optionalFields('additionalFields', pathSettingFields),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['path'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const body = pathSettings.call(this, i, {
		absolute: false,
		...(this.getNodeParameter('additionalFields', i, {}) as IDataObject),
		fromPath: this.getNodeParameter('fromPath', i),
		redirectTo: this.getNodeParameter('redirectTo', i),
	});
	const created = await apiRequest.call(this, {
		method: 'POST',
		path: `${redirectPath(host)}/paths`,
		body,
		itemIndex: i,
		reconcile: async () => {
			const wanted = String(body.fromPath).toLowerCase();
			const paths = await listPaths.call(this, host, i);
			return paths.find(
				(path) =>
					String(path.fromPath).toLowerCase() === wanted &&
					sameTarget(path.redirectTo, body.redirectTo),
			);
		},
	});
	return [{ json: created }];
}

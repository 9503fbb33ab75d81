/**
 * Imports every module the facts and the OpenAPI route load lazily and hands it over: imported by
 * the synchronous entry points (`createApi`, `exportFixtures`, the arbitraries), whose callers
 * cannot wait for a load.
 */
import * as checksum from 'ox/Address';
import * as catalogue from '../../generators/contracts/contractArtifacts.js';
import * as abi from '../domain/abiCoder.js';
import * as blobData from '../protocol/blobData.js';
import * as tracer from '../execution/evmExecutor.js';
import { lazyModules } from '../domain/lazyModules.js';
import * as nftMetadata from '../domain/nftMetadata.js';
import * as openapi from '../openapi/openApiDocument.js';
import { openApiModule } from '../openapi/openApiEndpoint.js';
import { loadEndpointModules } from '../rest/routes.js';
import * as stats from '../stats/statsApi.js';
import { statsModule } from './statsRoutes.js';
import * as v1Csv from '../rest/csv/v1CsvExports.js';
import { v1CsvModule } from './csvExportRoutes.js';
import { tracerModule } from '../views/transactionTrace.js';

lazyModules.catalogue.provide(catalogue);
lazyModules.abi.provide(abi);
lazyModules.nftMetadata.provide(nftMetadata);
lazyModules.checksum.provide(checksum);
lazyModules.blobData.provide(blobData);
openApiModule.provide(openapi);
tracerModule.provide(tracer);
statsModule.provide(stats);
v1CsvModule.provide(v1Csv);
// The REST endpoints, one module a file: loaded before any importer runs (top-level await).
await loadEndpointModules();

/**
 * Imports every module the facts and the OpenAPI route load lazily and hands it over: imported by
 * the synchronous entry points (`createApi`, `exportFixtures`, the arbitraries), whose callers
 * cannot wait for a load.
 */
import * as checksum from 'ox/Address';
import * as catalogue from '../../generators/contracts/contractArtifacts.js';
import * as abi from '../domain/abiCoder.js';
import { lazyModules } from '../domain/lazyModules.js';
import * as nftMetadata from '../domain/nftMetadata.js';
import * as openapi from '../openapi/openApiDocument.js';
import { openApiModule } from '../openapi/openApiEndpoint.js';

lazyModules.catalogue.provide(catalogue);
lazyModules.abi.provide(abi);
lazyModules.nftMetadata.provide(nftMetadata);
lazyModules.checksum.provide(checksum);
openApiModule.provide(openapi);

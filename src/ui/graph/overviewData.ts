/**
 * @file The package overview's data: the repo worker's typed read (every module with its file,
 * IMPORTS + USES summed per module pair; core/reads/graphSlices.ts) with the package tree built
 * from it (packageOverview.ts).
 * Runs in: the main thread (the read runs in the repo worker).
 */
import { moduleLinkList, overviewModuleAt } from '../../core/reads/graphSlices.ts';
import type { GraphNode, ModuleLink } from '../../core/reads/graphSlices.ts';
import type { RepoClient } from '../clients/repoClient.ts';
import { buildPackageTree } from './packageOverview.ts';
import type { PackageTree } from './packageOverview.ts';

export interface PackageOverviewData {
  /** Module id -> its drawn look (name, member count). */
  modules: Map<number, GraphNode>;
  tree: PackageTree;
  links: ModuleLink[];
}

export async function loadPackageOverview(service: Pick<RepoClient, 'readPackageOverview'>): Promise<PackageOverviewData> {
  const { modules, links } = await service.readPackageOverview();
  return {
    modules: new Map(Array.from(modules.id, (id, i) => [id, overviewModuleAt(modules, i)])),
    tree: buildPackageTree(Array.from(modules.id, (id, i) => ({ id, path: modules.filePath[i]! }))),
    links: moduleLinkList(links),
  };
}

/**
 * @file GraphReads: the typed reads of the open graph (src/core/reads) as one service, so the
 * app's views ask the repo worker for typed rows instead of sending SQL; RepoService.query stays
 * for the SQL console alone. Each method reads the connection `connection()` gives at the call
 * (the repo worker's active database; a CLI's open one) and fails with INPUT_INVALID when no
 * graph is open.
 * Runs in: the repo worker (app), Node (cli, tests). Layer src/core.
 */
import { AppError } from '../errors.ts';
import type { LocatedNode } from '../eval/evalSet.ts';
import type { SqlConnection } from '../store/sqlConnection.ts';
import { readChildren, readCrossEdges, readEgo, readNodesAndEdges, readPackageOverview, readSimilarEdges, searchNodeNames } from './graphSlices.ts';
import type { EgoSlice, GraphEdge, GraphNode, GraphSlice, PackageOverviewRows, SearchHit } from './graphSlices.ts';
import { readIssuePage } from './issueLists.ts';
import type { IssueListKind, IssuePage } from './issueLists.ts';
import { readModuleIdForPath, readNodeDetails, readSemanticDetails } from './nodeDetails.ts';
import type { NodeDetails, SemanticDetails } from './nodeDetails.ts';
import { readExampleCandidates, readNeighbourIds, readNodeRefs, readNodesOfFiles } from './nodeLookups.ts';
import type { ExampleCandidate, NodeRef } from './nodeLookups.ts';
import { readRequirementDetails } from './requirementDetails.ts';
import type { RequirementDetails } from './requirementDetails.ts';
import { readStoredSummary } from './storedSummary.ts';
import type { SummaryView } from './storedSummary.ts';

export interface GraphReads {
  readPackageOverview(): Promise<PackageOverviewRows>;
  readChildren(parentId: number, limit?: number): Promise<GraphSlice>;
  readCrossEdges(ids: readonly number[]): Promise<GraphEdge[]>;
  readSimilarEdges(ids: readonly number[]): Promise<GraphEdge[]>;
  readNodesAndEdges(ids: readonly number[]): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }>;
  readEgo(centerId: number, depth: number, limit?: number, similar?: boolean): Promise<EgoSlice>;
  searchNodeNames(text: string, limit?: number): Promise<SearchHit[]>;
  readNodeDetails(id: number): Promise<NodeDetails | null>;
  readSemanticDetails(id: number): Promise<SemanticDetails>;
  readModuleIdForPath(path: string): Promise<number | null>;
  readStoredSummary(repoName: string): Promise<SummaryView>;
  readIssuePage(kind: IssueListKind, offset: number): Promise<IssuePage>;
  readRequirementDetails(nodeId: number): Promise<RequirementDetails | null>;
  readNodeRefs(ids: readonly number[]): Promise<NodeRef[]>;
  readNodesOfFiles(paths: readonly string[]): Promise<LocatedNode[]>;
  readNeighbourIds(id: number): Promise<number[]>;
  readExampleCandidates(): Promise<ExampleCandidate[]>;
}

/** The reads on whatever `connection()` gives at each call. */
export function createGraphReads(connection: () => Pick<SqlConnection, 'query' | 'queryArrow'> | null): GraphReads {
  const conn = () => {
    const open = connection();
    if (!open) throw new AppError('INPUT_INVALID', 'No graph is open: index a repository or pick one from the repos menu.');
    return open;
  };
  return {
    readPackageOverview: async () => readPackageOverview(conn()),
    readChildren: async (parentId, limit) => readChildren(conn(), parentId, limit),
    readCrossEdges: async (ids) => readCrossEdges(conn(), ids),
    readSimilarEdges: async (ids) => readSimilarEdges(conn(), ids),
    readNodesAndEdges: async (ids) => readNodesAndEdges(conn(), ids),
    readEgo: async (centerId, depth, limit, similar) => readEgo(conn(), centerId, depth, limit, similar),
    searchNodeNames: async (text, limit) => searchNodeNames(conn(), text, limit),
    readNodeDetails: async (id) => readNodeDetails(conn(), id),
    readSemanticDetails: async (id) => readSemanticDetails(conn(), id),
    readModuleIdForPath: async (path) => readModuleIdForPath(conn(), path),
    readStoredSummary: async (repoName) => readStoredSummary(conn(), repoName),
    readIssuePage: async (kind, offset) => readIssuePage(conn(), kind, offset),
    readRequirementDetails: async (nodeId) => readRequirementDetails(conn(), nodeId),
    readNodeRefs: async (ids) => readNodeRefs(conn(), ids),
    readNodesOfFiles: async (paths) => readNodesOfFiles(conn(), paths),
    readNeighbourIds: async (id) => readNeighbourIds(conn(), id),
    readExampleCandidates: async () => readExampleCandidates(conn()),
  };
}

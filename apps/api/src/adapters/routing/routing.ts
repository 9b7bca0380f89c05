/**
 * How far a nurse travels between two addresses. The default is the straight line between the
 * stored coordinates, with nothing to call; a routing engine (road distances) replaces it by
 * answering the same matrix.
 */
import { distanceMetres, type Point } from '../geocoders/gazetteer.ts';

export interface Routing {
  /** Metres from each point to each other: `matrix[i][j]` from points[i] to points[j]. */
  matrix(points: readonly Point[]): Promise<number[][]>;
}

export const straightLineRouting: Routing = {
  async matrix(points) {
    return points.map((from) => points.map((to) => distanceMetres(from, to)));
  },
};

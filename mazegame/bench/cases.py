"""The benchmark cases: every registered generator, and BFS."""

from __future__ import annotations

from mazegame.bench import FULL_SIZES, bench_case, reference
from mazegame.engine.generate import GENERATORS, generate
from mazegame.engine.graph import bfs, maze_graph


def _generator_case(name: str) -> None:
    def prepare(size):
        w, h = size
        refs = {}
        if name in reference.GENERATORS:
            refs["python"] = lambda: reference.GENERATORS[name](w, h, 1)
        return (lambda: generate(name, w, h, 1)), refs

    bench_case(f"generate {name}", sizes=FULL_SIZES)(prepare)


for _name in GENERATORS:
    _generator_case(_name)


@bench_case("bfs")
def _bfs(size):
    w, h = size
    maze = generate("kruskal", w, h, 1).maze
    graph = maze_graph(maze)
    adjacency = [graph.successors(v).tolist() for v in range(graph.n)]
    refs = {"python": lambda: reference.bfs(adjacency, 0)}
    try:
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(range(graph.n))
        g.add_edges_from((v, u) for v in range(graph.n) for u in adjacency[v])
        refs["networkx"] = lambda: nx.single_source_shortest_path_length(g, 0)
    except ImportError:
        pass
    return (lambda: bfs(graph, 0)), refs

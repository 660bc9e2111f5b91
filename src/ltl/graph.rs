//! Graph searches shared by the automaton queries: reachability, strongly connected
//! components, and "can reach a cycle through a marked node" (Büchi non-emptiness).

/// Nodes reachable from `starts` (the starts included).
pub fn reachable(adj: &[Vec<usize>], starts: &[usize]) -> Vec<bool> {
    let mut seen = vec![false; adj.len()];
    let mut stack: Vec<usize> = starts.iter().copied().filter(|&s| s < adj.len()).collect();
    for &s in &stack {
        seen[s] = true;
    }
    while let Some(n) = stack.pop() {
        for &m in &adj[n] {
            if !seen[m] {
                seen[m] = true;
                stack.push(m);
            }
        }
    }
    seen
}

/// The strongly connected component of every node (Tarjan's algorithm, iterative).
pub fn components(adj: &[Vec<usize>]) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let n = adj.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![NONE; n];
    let mut stack = Vec::new();
    let mut next_index = 0;
    let mut next_comp = 0;
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        // (node, position in its successor list)
        let mut calls = vec![(root, 0usize)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut k)) = calls.last_mut() {
            if let Some(&w) = adj[v].get(*k) {
                *k += 1;
                if index[w] == NONE {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp[w] = next_comp;
                    if w == v {
                        break;
                    }
                }
                next_comp += 1;
            }
        }
    }
    comp
}

/// Nodes from which some cycle through a `marked` node is reachable.
pub fn reaches_marked_cycle(adj: &[Vec<usize>], marked: &[bool]) -> Vec<bool> {
    let comp = components(adj);
    let count = comp.iter().map(|c| c + 1).max().unwrap_or(0);
    let mut cyclic = vec![false; count];
    for (v, succs) in adj.iter().enumerate() {
        if succs.iter().any(|&w| comp[w] == comp[v]) {
            cyclic[comp[v]] = true;
        }
    }
    let mut good_comp = vec![false; count];
    for v in 0..adj.len() {
        if marked.get(v).copied().unwrap_or(false) && cyclic[comp[v]] {
            good_comp[comp[v]] = true;
        }
    }
    let starts: Vec<usize> = (0..adj.len()).filter(|&v| good_comp[comp[v]]).collect();
    reachable(&reverse(adj), &starts)
}

/// The graph with every edge turned around.
pub fn reverse(adj: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut rev = vec![Vec::new(); adj.len()];
    for (v, succs) in adj.iter().enumerate() {
        for &w in succs {
            rev[w].push(v);
        }
    }
    rev
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_of_a_small_graph() {
        // 0 -> 1 -> 2 -> 1, 2 -> 3, 3 -> 3, 4 isolated
        let adj = vec![vec![1], vec![2], vec![1, 3], vec![3], vec![]];
        let comp = components(&adj);
        assert_eq!(comp[1], comp[2]);
        assert_ne!(comp[0], comp[1]);
        assert_ne!(comp[3], comp[1]);
        assert_ne!(comp[4], comp[0]);
    }

    #[test]
    fn marked_cycles() {
        let adj = vec![vec![1], vec![2], vec![1, 3], vec![3], vec![]];
        // marked 1: cycle 1-2 reachable from 0, 1, 2 only
        let r = reaches_marked_cycle(&adj, &[false, true, false, false, false]);
        assert_eq!(r, vec![true, true, true, false, false]);
        // marked 0: 0 is on no cycle
        let r = reaches_marked_cycle(&adj, &[true, false, false, false, false]);
        assert_eq!(r, vec![false; 5]);
        // marked 3 with its self-loop
        let r = reaches_marked_cycle(&adj, &[false, false, false, true, false]);
        assert_eq!(r, vec![true, true, true, true, false]);
        // marked 4: no self-loop
        let r = reaches_marked_cycle(&adj, &[false, false, false, false, true]);
        assert_eq!(r, vec![false; 5]);
    }

    #[test]
    fn deep_chain_needs_no_recursion() {
        let n = 200_000;
        let adj: Vec<Vec<usize>> = (0..n).map(|i| vec![(i + 1) % n]).collect();
        let comp = components(&adj);
        assert!(comp.iter().all(|&c| c == comp[0]));
    }
}

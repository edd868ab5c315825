//! Pieces shared by the forward data-flow passes of the program stage (aliases, selectors).

/// Joins `state` into the state known before a node (`None`: not reached yet), element by
/// element; true when that state changed (the node must be visited again).
pub(super) fn join_into<T: Copy + PartialEq>(slot: &mut Option<Vec<T>>, state: &[T], join: impl Fn(T, T) -> T) -> bool {
    match slot {
        None => {
            *slot = Some(state.to_vec());
            true
        }
        Some(old) => {
            let mut changed = false;
            for (o, &a) in old.iter_mut().zip(state) {
                let j = join(*o, a);
                if j != *o {
                    *o = j;
                    changed = true;
                }
            }
            changed
        }
    }
}

//! What can be wrong with a model: [`ModelBuilder::build`](crate::ModelBuilder::build) and the
//! RSM reader refuse a malformed model with one of these, naming the offending part.

/// Why a model was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// The model has no component at all.
    #[error("the model has no component")]
    NoComponent,
    /// A component index that does not exist (`what` says where it was used).
    #[error("{what}: component #{index} does not exist")]
    UnknownComponent {
        /// Where the index was used.
        what: String,
        /// The index.
        index: u32,
    },
    /// A node that does not exist (`node` is its index or name).
    #[error("{what}: node {node} does not exist")]
    UnknownNode {
        /// Where the node was used.
        what: String,
        /// Its index (`#n`) or name.
        node: String,
    },
    /// A box index that does not exist.
    #[error("{what}: box #{index} does not exist")]
    UnknownBox {
        /// Where the index was used.
        what: String,
        /// The index.
        index: u32,
    },
    /// The initial component has no entry node.
    #[error("initial component `{component}` has no entry node")]
    NoInitialEntry {
        /// The initial component.
        component: String,
    },
    /// An edge leaves an exit node (the path returns to the caller there).
    #[error(
        "edge leaves exit node `{node}`: exits have no successors (the path returns to the caller)"
    )]
    ExitWithSuccessor {
        /// The exit node.
        node: String,
    },
    /// A box's call node is not an entry of the component the box calls.
    #[error("box `{bx}`: call node {node} is not an entry of the called component `{callee}`")]
    CallNotEntry {
        /// The box.
        bx: String,
        /// The node named as its call node.
        node: String,
        /// The component the box calls.
        callee: String,
    },
    /// A box's return node is not an exit of the component the box calls.
    #[error("box `{bx}`: return node {node} is not an exit of the called component `{callee}`")]
    ReturnNotExit {
        /// The box.
        bx: String,
        /// The node named as its return node.
        node: String,
        /// The component the box calls.
        callee: String,
    },
    /// A node used in a component it does not belong to.
    #[error("{what}: node {node} belongs to component `{owner}`, not `{component}` (use a box)")]
    ForeignNode {
        /// Where the node was used.
        what: String,
        /// The node.
        node: String,
        /// Its component.
        owner: String,
        /// The component it was used in.
        component: String,
    },
    /// A box used in a component it does not belong to.
    #[error("{what}: box `{bx}` belongs to component `{owner}`, not `{component}`")]
    ForeignBox {
        /// Where the box was used.
        what: String,
        /// The box.
        bx: String,
        /// Its component.
        owner: String,
        /// The component it was used in.
        component: String,
    },
}

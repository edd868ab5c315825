//! Cooperative cancellation: a [`Deadline`] that long-running loops poll, cheaply, and give up
//! on with [`Cancelled`] once it has passed (or once its owner cancelled it). It knows nothing
//! of what is being computed: a caller sets one per unit of work (a program analyser: per
//! function) and turns `Cancelled` into whatever "over budget" means to it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The work was stopped because its [`Deadline`] passed; its partial results are meaningless.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped: the time budget ran out")]
pub struct Cancelled;

/// When work must stop: a point in time, a flag another thread may raise, both or neither.
/// Cloning shares the flag.
#[derive(Clone, Debug, Default)]
pub struct Deadline {
    at: Option<Instant>,
    flag: Option<Arc<AtomicBool>>,
}

impl Deadline {
    /// A deadline that never passes.
    pub fn never() -> Self {
        Deadline::default()
    }

    /// A deadline `budget` from now (a budget too large to represent never passes).
    pub fn after(budget: Duration) -> Self {
        Deadline { at: Instant::now().checked_add(budget), flag: None }
    }

    /// This deadline, also passed as soon as `flag` is raised.
    pub fn with_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.flag = Some(flag);
        self
    }

    /// True once the deadline has passed or its flag was raised. Reads the clock: loops should
    /// ask through a [`Poll`], which reads it only every so many steps.
    pub fn expired(&self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// `Err(Cancelled)` once [`Deadline::expired`].
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.expired() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// True when the deadline can never pass (no time, no flag): loops may skip polling.
    pub fn is_never(&self) -> bool {
        self.at.is_none() && self.flag.is_none()
    }
}

/// Steps between two looks at the clock in a [`Poll`].
const POLL_EVERY: u32 = 1024;

/// A loop's view of a [`Deadline`]: [`Poll::tick`] once per step reads the clock only every
/// [`POLL_EVERY`] steps, so polling costs a counter increment. Once expired it stays expired.
#[derive(Clone, Debug)]
pub struct Poll {
    deadline: Deadline,
    count: u32,
    expired: bool,
}

impl Poll {
    /// A poll of `deadline` (which it shares: a clone).
    pub fn new(deadline: &Deadline) -> Self {
        Poll { deadline: deadline.clone(), count: 0, expired: false }
    }

    /// Counts one step; `Err(Cancelled)` once the deadline has passed.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Cancelled> {
        if self.expired {
            return Err(Cancelled);
        }
        self.count += 1;
        if self.count >= POLL_EVERY {
            self.count = 0;
            if !self.deadline.is_never() && self.deadline.expired() {
                self.expired = true;
                return Err(Cancelled);
            }
        }
        Ok(())
    }

    /// True once a tick found the deadline passed.
    pub fn is_expired(&self) -> bool {
        self.expired
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_deadline_stops_a_poll_within_one_period() {
        let deadline = Deadline::after(Duration::ZERO);
        assert!(deadline.expired());
        let mut poll = Poll::new(&deadline);
        let ticks = (0..10 * POLL_EVERY).take_while(|_| poll.tick().is_ok()).count();
        assert_eq!(ticks, POLL_EVERY as usize - 1);
        assert!(poll.is_expired() && poll.tick().is_err());
    }

    #[test]
    fn never_and_far_deadlines_do_not_stop() {
        for deadline in [Deadline::never(), Deadline::after(Duration::from_secs(3600)), Deadline::after(Duration::MAX)] {
            let mut poll = Poll::new(&deadline);
            assert!((0..10 * POLL_EVERY).all(|_| poll.tick().is_ok()));
            assert!(deadline.check().is_ok());
        }
    }

    #[test]
    fn a_raised_flag_cancels_every_clone() {
        let flag = Arc::new(AtomicBool::new(false));
        let deadline = Deadline::never().with_flag(flag.clone());
        let copy = deadline.clone();
        assert!(!copy.expired());
        flag.store(true, Ordering::Relaxed);
        assert!(deadline.expired() && copy.check() == Err(Cancelled));
    }
}

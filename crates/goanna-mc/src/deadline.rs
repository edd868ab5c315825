//! Cooperative cancellation: a [`Deadline`] that long-running loops poll, cheaply, and give up
//! on with [`Cancelled`] once it has passed (or once its owner cancelled it). It knows nothing
//! of what is being computed: a caller sets one per unit of work (a program analyser: per
//! function) and turns `Cancelled` into whatever "over budget" means to it.
//!
//! A deadline may also count work: every step a [`Poll`] ticks, and whatever its owner charges
//! ([`Deadline::charge`], e.g. a solver's resource units), against a limit. Work counted that
//! way does not depend on the machine's load or on other threads, so a budget made of it stops
//! the same computation at the same point on every run; a point in time is then only a
//! backstop ([`Deadline::for_budget`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    work: Option<Arc<Work>>,
}

/// Work charged to a deadline, and how much it allows.
#[derive(Debug)]
struct Work {
    spent: AtomicU64,
    limit: u64,
}

/// Work units a budget of one second allows: about a second of an unloaded core spent by the
/// loops that poll (one unit per step) and the solver (charged in its own units, converted by
/// the caller).
pub const WORK_PER_SECOND: u64 = 15_000_000;

/// How far past a work budget's nominal time its backstop in time lies. Far: a unit of work
/// may cost several times its nominal time (the checks of xmltest.cpp's 3,000-line `main`
/// spend a 10 s budget in about 38 s of an unloaded core), and a backstop reached before the
/// work limit on a loaded machine would stop the function at another point than on an idle
/// one.
const BACKSTOP_FACTOR: u32 = 16;

impl Deadline {
    /// A deadline that never passes.
    pub fn never() -> Self {
        Deadline::default()
    }

    /// A deadline `budget` from now (a budget too large to represent never passes).
    pub fn after(budget: Duration) -> Self {
        Deadline { at: Instant::now().checked_add(budget), flag: None, work: None }
    }

    /// A budget of `budget` counted in work ([`WORK_PER_SECOND`] units a second), so that it
    /// stops the same computation at the same point whatever the machine's load, with a point
    /// in time [`BACKSTOP_FACTOR`] times as far as a backstop for work nothing charges.
    pub fn for_budget(budget: Duration) -> Self {
        let units = (budget.as_secs_f64() * WORK_PER_SECOND as f64).min(u64::MAX as f64) as u64;
        Deadline::after(budget.saturating_mul(BACKSTOP_FACTOR)).with_work_limit(units)
    }

    /// This deadline, also passed as soon as `flag` is raised.
    pub fn with_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.flag = Some(flag);
        self
    }

    /// This deadline, also passed once `limit` units of work were charged to it (by
    /// [`Poll::tick`] and [`Deadline::charge`], through any clone).
    pub fn with_work_limit(mut self, limit: u64) -> Self {
        self.work = Some(Arc::new(Work { spent: AtomicU64::new(0), limit }));
        self
    }

    /// Counts `units` of work done under this deadline (nothing when it counts no work).
    pub fn charge(&self, units: u64) {
        if let Some(w) = &self.work {
            w.spent.fetch_add(units, Ordering::Relaxed);
        }
    }

    /// True once the work charged reached the work limit (not merely the point in time).
    pub fn work_exhausted(&self) -> bool {
        self.work.as_ref().is_some_and(|w| w.spent.load(Ordering::Relaxed) >= w.limit)
    }

    /// The work charged so far (0 when the deadline counts none).
    pub fn work_spent(&self) -> u64 {
        self.work.as_ref().map_or(0, |w| w.spent.load(Ordering::Relaxed))
    }

    /// True once the deadline has passed, its flag was raised or its work limit was reached.
    /// Reads the clock: loops should ask through a [`Poll`], which reads it only every so many
    /// steps.
    pub fn expired(&self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
            || self.work_exhausted()
            || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// `Err(Cancelled)` once [`Deadline::expired`].
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.expired() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// True when the deadline can never pass (no time, no flag, no work limit): loops may skip
    /// polling.
    pub fn is_never(&self) -> bool {
        self.at.is_none() && self.flag.is_none() && self.work.is_none()
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
            self.deadline.charge(u64::from(POLL_EVERY));
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
    fn a_work_limit_stops_polls_at_the_same_step_whatever_the_clock() {
        for _ in 0..3 {
            let deadline = Deadline::never().with_work_limit(5 * u64::from(POLL_EVERY));
            let mut poll = Poll::new(&deadline);
            let ticks = (0..100 * POLL_EVERY).take_while(|_| poll.tick().is_ok()).count();
            assert_eq!(ticks, 5 * POLL_EVERY as usize - 1);
            assert_eq!(deadline.work_spent(), 5 * u64::from(POLL_EVERY));
        }
    }

    #[test]
    fn work_charged_through_a_clone_counts() {
        let deadline = Deadline::for_budget(Duration::from_secs(3600)).with_work_limit(100);
        let copy = deadline.clone();
        copy.charge(60);
        assert!(!deadline.expired());
        copy.charge(40);
        assert!(deadline.expired() && deadline.check() == Err(Cancelled));
        assert!(!Deadline::for_budget(Duration::from_secs(1)).expired());
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

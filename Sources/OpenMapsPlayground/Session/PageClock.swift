/// Maps the page's event times (milliseconds on its own clock) onto the map's clock, so
/// gestures keep the timing the person gave them whenever the server gets to them.
struct PageClock {
    private var offset: Double?
    private var last = -Double.infinity

    /// How late an event may be stamped: one later than this is stamped this late, and the
    /// events after it keep their spacing from it (a page clock that jumped, or messages held
    /// up that long, no longer tell when they happened, only how far apart).
    static let maximumLag = 1.0

    /// The map time of an event the page stamped `milliseconds`, handled at map time `now`:
    /// never later than `now`, never earlier than the previous event.
    mutating func time(ofPage milliseconds: Double?, now: Double) -> Double {
        var stamped = now
        if let milliseconds, milliseconds.isFinite {
            let seconds = milliseconds / 1000
            if offset == nil { offset = now - seconds }
            if let offset, seconds + offset > now {
                self.offset = now - seconds  // the page's clock ran ahead: now
            } else if let offset, seconds + offset < now - PageClock.maximumLag {
                self.offset = now - PageClock.maximumLag - seconds
            }
            stamped = seconds + (self.offset ?? 0)
        }
        stamped = max(stamped, last)
        last = stamped
        return stamped
    }
}

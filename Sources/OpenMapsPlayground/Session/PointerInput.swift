import OpenMaps

/// Turns the page's pointer input into the touches a phone's screen would report; the map's
/// own recognizers decide what they mean.
///
/// Touch and pen pointers are fingers. A mouse is one finger, except: shift-drag is two
/// fingers turning about the view's centre (rotate), alt-drag is two fingers moving up or
/// down side by side (tilt), and the wheel is two fingers pinching about the pointer.
///
/// Synthesized fingers that never moved past the tap slop are lifted as cancelled, not ended:
/// a shift-click or a small wheel turn is not a two-finger tap (which would zoom out).
@MainActor
struct PointerInput {
    /// The pointers down, by pointer id.
    private var down: [Int: Down] = [:]
    private var nextFinger = 1
    /// A wheel pinch under way: its centre, its fingers' current half-spread, and when the
    /// last turn came.
    private var pinch: (fingers: (Int, Int), centre: CGPoint, spread: Double, last: TimeInterval)?
    /// Wheel turns too small to have zoomed, carried into the next turn nearby: their centre,
    /// the spread they reached, and when.
    private var residue: (centre: CGPoint, spread: Double, time: TimeInterval)?

    /// Half the distance between the fingers of a shift- or alt-drag.
    static let spread = 60.0
    /// Half the distance between a wheel's fingers at its first turn: wide enough that one
    /// notch of a wheel (48 to 100 px) moves them past the slop.
    static let wheelSpread = 100.0
    /// How long after the last wheel turn the pinch lifts.
    static let wheelRest: TimeInterval = 0.15
    /// How long small wheel turns that did not zoom are remembered, so slow scrolling adds up.
    static let wheelMemory: TimeInterval = 1
    /// How far a finger moves before it is no longer a tap (``GestureThresholds/tapSlop``).
    static let slop = Double(GestureThresholds.tapSlop)
    /// Most pointers down at once (a screen's fingers); a page whose "up"s got lost cannot
    /// grow this without bound.
    static let maximumPointers = 10

    private enum Gesture {
        case finger(Int)
        case rotate(fingers: (Int, Int), centre: CGPoint, radius: Double)
        case tilt(fingers: (Int, Int), start: CGPoint)
    }

    /// A pointer down: the fingers it stands for, where they came down, and whether any has
    /// moved past the slop since.
    private struct Down {
        let gesture: Gesture
        let starts: [CGPoint]
        var moved = false
    }

    private mutating func finger() -> Int {
        defer { nextFinger = nextFinger == Int(Int32.max) ? 1 : nextFinger + 1 }
        return nextFinger
    }

    /// The touches for a pointer event at a time, in a view of a size.
    mutating func touches(for pointer: ClientMessage.Pointer, size: CGSize, at time: TimeInterval) -> [MapTouch] {
        let point = CGPoint(x: pointer.x, y: pointer.y)
        switch pointer.phase {
        case .down:
            // A pointer already down (a lost "up") is lifted first.
            var touches = down.removeValue(forKey: pointer.id).map { lift($0.gesture, at: time, phase: .cancelled, point: point) } ?? []
            guard down.count < PointerInput.maximumPointers else { return touches }
            let gesture: Gesture
            if pointer.kind == .mouse, pointer.shift {
                let centre = CGPoint(x: size.width / 2, y: size.height / 2)
                gesture = .rotate(fingers: (finger(), finger()), centre: centre, radius: PointerInput.spread)
            } else if pointer.kind == .mouse, pointer.alt {
                gesture = .tilt(fingers: (finger(), finger()), start: point)
            } else {
                gesture = .finger(finger())
            }
            let began = place(gesture, point, phase: .began, at: time)
            down[pointer.id] = Down(gesture: gesture, starts: began.map(\.location))
            touches += began
            return touches
        case .move:
            guard var pointerDown = down[pointer.id] else { return [] }
            let touches = place(pointerDown.gesture, point, phase: .moved, at: time)
            if zip(pointerDown.starts, touches).contains(where: { hypot($1.location.x - $0.x, $1.location.y - $0.y) >= PointerInput.slop }) {
                pointerDown.moved = true
                down[pointer.id] = pointerDown
            }
            return touches
        case .up, .cancel:
            guard let pointerDown = down.removeValue(forKey: pointer.id) else { return [] }
            var phase: MapTouch.Phase = pointer.phase == .up ? .ended : .cancelled
            if case .finger = pointerDown.gesture {} else if !pointerDown.moved { phase = .cancelled }
            return lift(pointerDown.gesture, at: time, phase: phase, point: point)
        }
    }

    /// Pointers down now.
    var pointersDown: Int { down.count }

    /// The touches of a wheel turn: a pinch about the pointer that grows or shrinks.
    mutating func touches(forWheelAt point: CGPoint, delta: Double, at time: TimeInterval) -> [MapTouch] {
        // About 300 px of wheel doubles or halves the spread: one zoom level.
        let factor = pow(2, -max(-600, min(600, delta)) / 300)
        var touches: [MapTouch] = []
        if pinch == nil || pinch.map({ hypot($0.centre.x - point.x, $0.centre.y - point.y) > 20 }) == true {
            touches += endWheel(at: time)
            let fingers = (finger(), finger())
            pinch = (fingers, point, PointerInput.wheelSpread, time)
            touches += pinchTouches(fingers, point, PointerInput.wheelSpread, .began, time)
        }
        guard var current = pinch else { return touches }
        // Earlier turns here that were too small to zoom count towards this one.
        if let carried = residue, time - carried.time <= PointerInput.wheelMemory,
            hypot(carried.centre.x - point.x, carried.centre.y - point.y) <= 20, current.spread == PointerInput.wheelSpread
        {
            current.spread = carried.spread
        }
        residue = nil
        current.spread = min(max(current.spread * factor, 8), 4000)
        current.last = time
        pinch = current
        touches += pinchTouches(current.fingers, current.centre, current.spread, .moved, time)
        return touches
    }

    /// Lifts the wheel's pinch once the wheel has rested.
    mutating func step(at time: TimeInterval) -> [MapTouch] {
        guard let pinch, time - pinch.last >= PointerInput.wheelRest else { return [] }
        return endWheel(at: pinch.last + PointerInput.wheelRest)
    }

    private mutating func endWheel(at time: TimeInterval) -> [MapTouch] {
        guard let current = pinch else { return [] }
        pinch = nil
        // Fingers that never moved past the slop lift cancelled: not a two-finger tap. What
        // they moved is remembered for the next turn.
        let zoomed = abs(current.spread - PointerInput.wheelSpread) >= PointerInput.slop
        residue = zoomed ? nil : (current.centre, current.spread, time)
        return pinchTouches(current.fingers, current.centre, current.spread, zoomed ? .ended : .cancelled, time)
    }

    private func pinchTouches(_ fingers: (Int, Int), _ centre: CGPoint, _ spread: Double, _ phase: MapTouch.Phase, _ time: TimeInterval) -> [MapTouch] {
        [
            MapTouch(id: fingers.0, phase: phase, location: CGPoint(x: centre.x - spread, y: centre.y), timestamp: time),
            MapTouch(id: fingers.1, phase: phase, location: CGPoint(x: centre.x + spread, y: centre.y), timestamp: time),
        ]
    }

    private func place(_ gesture: Gesture, _ point: CGPoint, phase: MapTouch.Phase, at time: TimeInterval) -> [MapTouch] {
        switch gesture {
        case .finger(let id):
            return [MapTouch(id: id, phase: phase, location: point, timestamp: time)]
        case .rotate(let fingers, let centre, let radius):
            // The fingers stay opposite each other on a circle, pointing at the mouse.
            let dx = point.x - centre.x, dy = point.y - centre.y, length = hypot(dx, dy)
            let (ux, uy) = length > 1 ? (dx / length, dy / length) : (1.0, 0.0)
            return [
                MapTouch(id: fingers.0, phase: phase, location: CGPoint(x: centre.x + ux * radius, y: centre.y + uy * radius), timestamp: time),
                MapTouch(id: fingers.1, phase: phase, location: CGPoint(x: centre.x - ux * radius, y: centre.y - uy * radius), timestamp: time),
            ]
        case .tilt(let fingers, let start):
            // Side by side, both following the mouse up or down.
            let y = point.y
            return [
                MapTouch(id: fingers.0, phase: phase, location: CGPoint(x: start.x - PointerInput.spread, y: y), timestamp: time),
                MapTouch(id: fingers.1, phase: phase, location: CGPoint(x: start.x + PointerInput.spread, y: y), timestamp: time),
            ]
        }
    }

    private func lift(_ gesture: Gesture, at time: TimeInterval, phase: MapTouch.Phase, point: CGPoint) -> [MapTouch] {
        place(gesture, point, phase: phase, at: time)
    }

    /// Lifts every finger down (the page went away).
    mutating func cancelAll(at time: TimeInterval) -> [MapTouch] {
        var touches = down.values.flatMap { lift($0.gesture, at: time, phase: .cancelled, point: .zero) }
        down.removeAll()
        touches += endWheel(at: time)
        return touches
    }
}

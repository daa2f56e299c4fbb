import Foundation
import Logging

extension UIViewController {
    private static let presentationLogger = Logger(label: "OpenMaps.UIKit")

    /// Presents a controller over this one's screen, as UIKit does on a phone: a sheet
    /// (`.automatic`, `.pageSheet`, `.formSheet`) slides up to just below the status bar over
    /// the dimmed screen; `.fullScreen` and `.overFullScreen` cover it; alerts fade in at the
    /// centre and action sheets slide up from the bottom. `completion` runs once it shows.
    /// A controller that already presents one, or is not in a window, presents nothing (UIKit
    /// logs the same).
    func presentViewController(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
        guard let window = viewIfLoaded?.firstResponderWindow ?? parent?.viewIfLoaded?.firstResponderWindow else {
            Self.presentationLogger.warning("Attempt to present \(type(of: viewControllerToPresent)) on \(type(of: self)) whose view is not in the window hierarchy")
            return
        }
        // The controller at the top of the chain presents, as UIKit's presentation context.
        var presenter: UIViewController = self
        while let parent = presenter.parent { presenter = parent }
        guard presenter.presentedViewController == nil else {
            Self.presentationLogger.warning("Attempt to present \(type(of: viewControllerToPresent)) on \(type(of: presenter)) which is already presenting")
            return
        }
        // A controller in a stack, or presented already, cannot be presented (UIKit raises).
        guard viewControllerToPresent.presentingViewController == nil, viewControllerToPresent.parent == nil,
            viewControllerToPresent !== presenter
        else {
            Self.presentationLogger.warning("Attempt to present \(type(of: viewControllerToPresent)), which has a parent or is presented already")
            return
        }
        presenter.storedPresented = viewControllerToPresent
        viewControllerToPresent.storedPresenting = presenter
        let container = PresentationContainerView(presented: viewControllerToPresent, presenting: presenter)
        viewControllerToPresent.presentationContainer = container
        container.frame = window.bounds
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(container)
        container.show(animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presents, or, when it presents none, this one from
    /// its presenter; what it presented in turn goes with it. `completion` runs once it is gone.
    func dismissPresented(animated flag: Bool, completion: (() -> Void)?) {
        var owner: UIViewController = self
        while let parent = owner.parent { owner = parent }
        if let presented = owner.presentedViewController {
            // Anything it presents in turn goes first, at once.
            if presented.presentedViewController != nil { presented.dismiss(animated: false) }
            guard let container = presented.presentationContainer else { return }
            container.hide(animated: flag) {
                if owner.storedPresented === presented { owner.storedPresented = nil }
                if presented.storedPresenting === owner { presented.storedPresenting = nil }
                if presented.presentationContainer === container { presented.presentationContainer = nil }
                completion?()
            }
        } else if let presenting = owner.presentingViewController {
            presenting.dismiss(animated: flag, completion: completion)
        }
    }

    /// Whether the controller is being presented now (its slide in runs).
    public var isBeingPresented: Bool { presentationContainer?.phase == .showing }
    /// Whether the controller is being dismissed now.
    public var isBeingDismissed: Bool { presentationContainer?.phase == .hiding }
}

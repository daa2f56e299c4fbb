// `import OpenMaps` alone gives the GMS types, the UIKit-named views and the
// CoreLocation-named types, as `import GoogleMaps` does on iOS.
@_exported import Foundation
@_exported import MapGeometry
@_exported import MapUIKit

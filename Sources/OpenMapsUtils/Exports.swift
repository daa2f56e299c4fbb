// OpenMapsUtils: the public Swift API of Google's Maps SDK for iOS Utility Library (7.x,
// `import GoogleMapsUtils`) on OpenMaps. Code written for it compiles with only the imports
// changed. The map SDK comes with it, as the library's module brings GoogleMaps.
@_exported import OpenMaps

/// The version of the utility library whose API this module matches.
public let GMU_VERSION = "7.0.0"

/// The version of the utility library whose API this module matches, as a string constant.
public let GMUVersionString = GMU_VERSION

/// The version of the utility library whose API this module matches.
public func GMUCurrentVersion() -> String { GMU_VERSION }

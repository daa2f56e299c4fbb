/// Address lines in a country's usual order.
enum AddressFormat {
    /// How a country writes its addresses, worked out once per country from its code.
    struct Style: OptionSet, Sendable {
        let rawValue: UInt8
        /// The house number before the street.
        static let numberFirst = Style(rawValue: 1)
        /// The postcode after the locality.
        static let postcodeAfter = Style(rawValue: 2)
        /// "Locality, STATE postcode" on one line.
        static let stateWithLocality = Style(rawValue: 4)

        init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// The style of the country with this ISO code.
        init(countryCode code: String) {
            var style: Style = []
            switch code {
            case "US", "GB", "CA", "AU", "NZ", "IE", "FR", "IN", "ZA", "SG", "MY", "PH", "NG", "KE", "IL", "HK", "TH", "LU", "MC":
                style.insert(.numberFirst)
            default: break
            }
            switch code {
            case "US", "GB", "CA", "AU", "IE", "NZ", "IN", "SG", "MY", "HK", "PH", "ZA", "KE", "NG": style.insert(.postcodeAfter)
            default: break
            }
            switch code {
            case "US", "CA", "AU": style.insert(.stateWithLocality)
            default: break
            }
            self = style
        }
    }

    static func streetLine(street: String, number: String?, style: Style) -> String {
        guard let number, !number.isEmpty else { return street }
        return style.contains(.numberFirst) ? "\(number) \(street)" : "\(street) \(number)"
    }

    /// Street line (when there is one), locality with postcode, administrative area (when it
    /// adds something), country; always at least two lines.
    static func lines(for r: ReverseGeocodeResult, style: Style) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(4)
        if let street = r.thoroughfare { lines.append(street) }
        let place = r.locality ?? r.subLocality
        let stateWithLocality = style.contains(.stateWithLocality)
        var localityLine: String?
        if let place {
            if stateWithLocality, let state = r.administrativeArea {
                localityLine = "\(place), \(state)" + (r.postalCode.map { " \($0)" } ?? "")
            } else if let postcode = r.postalCode {
                localityLine = style.contains(.postcodeAfter) ? "\(place) \(postcode)" : "\(postcode) \(place)"
            } else {
                localityLine = place
            }
        }
        if r.thoroughfare == nil, let sub = r.subLocality, sub != place { lines.append(sub) }
        if let localityLine, localityLine != r.country || lines.isEmpty { lines.append(localityLine) }
        if let admin = r.administrativeArea, !stateWithLocality, admin != place, admin != r.country, r.thoroughfare == nil {
            lines.append(admin)
        }
        if let country = r.country { lines.append(country) }
        while lines.count < 2 { lines.append(lines.last ?? "") }
        return lines
    }
}

package app

import (
	"fmt"
	"net/http"
	"os"

	"shop/internal/fiscal"
	"shop/internal/fiscal/fiscalsim"
	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/config"
)

// SimulatorBase is the address the shop's client uses for the in-process simulator.
const SimulatorBase = "http://fiscalsim.local"

// fiscalDevice is the device config "fiscal" names: the in-process simulator, or a V-SDC with
// the shop's client certificate. A certificate that cannot be read stops the start naming the
// key (the password never appears in the message).
func fiscalDevice(cfg *config.Config) (fiscal.Device, *fiscalsim.Simulator, error) {
	f := cfg.Fiscal
	if f.Mode == "simulator" {
		// The simulated device signs as the shop of config "company" (a real V-SDC signs as its
		// certificate's taxpayer).
		sim := fiscalsim.New(fiscalsim.Options{BusinessName: cfg.Company.Name, TIN: cfg.Company.PIB, Address: cfg.Company.Address})
		return vsdc.NewClient(SimulatorBase, &http.Client{Transport: sim.Transport(), Timeout: f.Timeout}), sim, nil
	}
	hc := &http.Client{Timeout: f.Timeout}
	if f.CertFile != "" {
		raw, err := os.ReadFile(f.CertFile)
		if err != nil {
			return nil, nil, fmt.Errorf("fiscal.cert_file: %q cannot be read: %v", f.CertFile, unwrapPath(err))
		}
		cert, err := vsdc.LoadCertificate(raw, f.CertPassword)
		if err != nil {
			return nil, nil, fmt.Errorf("fiscal.cert_file / fiscal.cert_password: %q: %v", f.CertFile, err)
		}
		hc = vsdc.NewTLSClient(cert, f.Timeout)
	}
	return vsdc.NewClient(f.URL, hc), nil, nil
}

// unwrapPath drops the path os.ReadFile repeats in its error.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
